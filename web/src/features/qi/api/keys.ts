/** Qi's reads: the adviser's enquiries and each enquiry as the pages show it. */
export const qiKeys = {
  all: ['qi'] as const,
  lists: () => [...qiKeys.all, 'list'] as const,
  details: () => [...qiKeys.all, 'detail'] as const,
  detail: (qiId: string) => [...qiKeys.details(), qiId] as const,
};
