/** A page whose content arrives with a later feature: its title, so every route exists. */
export function Placeholder({ title }: { title: string }) {
  return (
    <main className="page">
      <h1>{title}</h1>
    </main>
  );
}
