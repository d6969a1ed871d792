// The list's search, project filter and sort: what the service is asked for, and how the view
// describes it. Kept per workspace by the adapter; defaults come from settings.
import * as l10n from '@vscode/l10n';
import { ListQuery, PerPage, SortDirection, SortField } from '../client/types';

export interface Filters {
  search?: string;
  project?: string;
  sortBy?: SortField;
  sort?: SortDirection;
}

export interface ListDefaults {
  perPage: PerPage;
  sortBy: SortField;
  sort: SortDirection;
}

/** A sort key as it reads inside a sentence ("sorted by date created"). */
export function sortLabel(field: SortField): string {
  switch (field) {
    case 'id':
      return l10n.t({ message: 'date created', comment: ['a sort key, inside a sentence: "sorted by date created"'] });
    case 'generated_at':
      return l10n.t({ message: 'date generated', comment: ['a sort key, inside a sentence: "sorted by date generated"'] });
    case 'url':
      return l10n.t({ message: 'URL', comment: ['a sort key, inside a sentence: "sorted by URL"'] });
    case 'result':
      return l10n.t({ message: 'result', comment: ['a sort key (the rating), inside a sentence: "sorted by result"'] });
  }
}

/** A sort key as a title on its own (a quick pick item: "Date created"). */
export function sortTitle(field: SortField): string {
  switch (field) {
    case 'id':
      return l10n.t({ message: 'Date created', comment: ['a sort key, as the label of a choice'] });
    case 'generated_at':
      return l10n.t({ message: 'Date generated', comment: ['a sort key, as the label of a choice'] });
    case 'url':
      return l10n.t({ message: 'URL', comment: ['a sort key, as the label of a choice'] });
    case 'result':
      return l10n.t({ message: 'Result', comment: ['a sort key (the rating), as the label of a choice'] });
  }
}

/** Filters with blanks removed, so "" and undefined mean the same. */
export function cleanFilters(filters: Filters): Filters {
  const clean: Filters = {};
  if (filters.search?.trim()) clean.search = filters.search.trim();
  if (filters.project?.trim()) clean.project = filters.project.trim();
  if (filters.sortBy) clean.sortBy = filters.sortBy;
  if (filters.sort) clean.sort = filters.sort;
  return clean;
}

export function toQuery(filters: Filters, defaults: ListDefaults): ListQuery {
  const clean = cleanFilters(filters);
  return {
    search: clean.search,
    searchBy: clean.search ? 'url' : undefined,
    project: clean.project,
    sortBy: clean.sortBy ?? defaults.sortBy,
    sort: clean.sort ?? defaults.sort,
    perPage: defaults.perPage,
  };
}

export function isFiltered(filters: Filters, defaults: ListDefaults): boolean {
  const clean = cleanFilters(filters);
  return Boolean(
    clean.search || clean.project || (clean.sortBy && clean.sortBy !== defaults.sortBy) || (clean.sort && clean.sort !== defaults.sort),
  );
}

/** "URL contains “blog” · project example.com · sorted by URL, ascending", or undefined when nothing is set. */
export function describeFilters(filters: Filters, defaults: ListDefaults): string | undefined {
  const clean = cleanFilters(filters);
  const parts = narrowingParts(clean);
  const sortBy = clean.sortBy ?? defaults.sortBy;
  const sort = clean.sort ?? defaults.sort;
  if (sortBy !== defaults.sortBy || sort !== defaults.sort) {
    parts.push(
      sort === 'asc' ? l10n.t('sorted by {0}, ascending', sortLabel(sortBy)) : l10n.t('sorted by {0}, descending', sortLabel(sortBy)),
    );
  }
  return parts.length ? parts.join(' · ') : undefined;
}

function narrowingParts(filters: Pick<Filters, 'search' | 'project'>): string[] {
  const parts: string[] = [];
  const search = filters.search?.trim();
  const project = filters.project?.trim();
  if (search) parts.push(l10n.t('URL contains “{0}”', search));
  if (project) parts.push(l10n.t('project {0}', project));
  return parts;
}

/** "URL contains “blog” · project example.com": what leaves reports out of the list, or undefined. */
export function describeNarrowing(filters: Pick<Filters, 'search' | 'project'>): string | undefined {
  const parts = narrowingParts(filters);
  return parts.length ? parts.join(' · ') : undefined;
}
