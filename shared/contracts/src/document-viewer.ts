/**
 * The document viewer's address, written here once: `/documents?view=<id>[&page=<n>][&q=<words>]`. The web app's
 * links (dashboard, search, people) and Gene's citations (research, decision 0100) open the viewer through it; `q`
 * is highlighted where the page has word positions (decision 0170).
 */
export function viewerPath(documentId: string, options: { page?: number | null; q?: string } = {}): string {
  const { page, q } = options;
  const words = q?.trim();
  return `/documents?view=${encodeURIComponent(documentId)}${page ? `&page=${page}` : ''}${words ? `&q=${encodeURIComponent(words)}` : ''}`;
}
