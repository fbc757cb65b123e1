import type { LucideIcon } from 'lucide-react';

export interface IconTile {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A grid of tiles, each an icon, a title and a sentence (the landing and About pages). */
export function IconTiles({ tiles, className }: { tiles: IconTile[]; className?: string }) {
  return (
    <ul className={className ? `tile-grid ${className}` : 'tile-grid'}>
      {tiles.map(({ icon: Icon, title, text }) => (
        <li key={title} className="tile">
          <Icon size={26} aria-hidden="true" />
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
