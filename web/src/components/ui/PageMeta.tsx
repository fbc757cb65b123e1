/**
 * A page's title (" | GNology" added unless it names GNology already) and description for search engines and link previews. React 19 hoists
 * <title> and <meta> into <head> (a page title goes before index.html's default one, so it
 * wins while the page is shown).
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const full = title.includes('GNology') ? title : `${title} | GNology`;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
    </>
  );
}
