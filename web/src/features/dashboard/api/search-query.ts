/** What both dashboard lists send: only what is set, so an empty search or filter asks for everything. */
export interface ListQuery<S extends string> {
  searchTerm: string;
  status: readonly S[];
  page: number;
  /** Only this adviser's cases (one the caller acts for); everyone's when absent. */
  adviserId?: string;
}

/** The search's query parameters: the term trimmed, and neither an empty term, status nor adviser sent. */
export function listQuery<S extends string>({ searchTerm, status, page, adviserId }: ListQuery<S>) {
  const term = searchTerm.trim();
  return {
    ...(term ? { searchTerm: term } : {}),
    ...(status.length > 0 ? { status: [...status] } : {}),
    page,
    ...(adviserId ? { adviserId } : {}),
  };
}
