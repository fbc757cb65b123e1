import type { ReactNode } from 'react';
import { PageHeader, PageMeta } from '../../components/ui';
import './content.css';

/** The frame of every content page: its meta tags, the one h1 with its lead line, then the page's own sections. */
export function ContentPage({
  title,
  description,
  subtitle,
  children,
}: {
  title: string;
  description: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="page content-page page-stack page-stack--roomy">
      <PageMeta title={title} description={description} />
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </main>
  );
}

/** A section of running text under its own h2, linkable by `id`. */
export function ProseSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="prose" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
