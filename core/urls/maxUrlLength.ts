// The longest page address taken anywhere (typed, written in a file, listed in a sitemap, given to a
// scan): 2,048 characters, the limit search engines keep to. Longer ones are not pages anyone rates.
export const MAX_URL_LENGTH = 2_048;
