// The list's search, project filter and sort: what the service is asked for, and how the view
// describes it. Kept per workspace by the adapter; defaults come from settings.
import { ListQuery, PerPage, SortDirection, SortField } from '../api/types';

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

const SORT_LABELS: Record<SortField, string> = { id: 'date created', generated_at: 'date generated', url: 'URL', result: 'result' };

export function sortLabel(field: SortField): string {
  return SORT_LABELS[field];
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
  const parts: string[] = [];
  if (clean.search) parts.push(`URL contains “${clean.search}”`);
  if (clean.project) parts.push(`project ${clean.project}`);
  const sortBy = clean.sortBy ?? defaults.sortBy;
  const sort = clean.sort ?? defaults.sort;
  if (sortBy !== defaults.sortBy || sort !== defaults.sort) {
    parts.push(`sorted by ${sortLabel(sortBy)}, ${sort === 'asc' ? 'ascending' : 'descending'}`);
  }
  return parts.length ? parts.join(' · ') : undefined;
}
