import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { usePanZoom } from './usePanZoom';

export interface ChartPersonLink {
  href: string;
  label: string;
}

/** The drawing's size and its people's links (nearest generation first, each person once), read from the service's SVG. */
export function readChartSvg(svg: string): { width: number; height: number; people: ChartPersonLink[] } {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  const seen = new Set<string>();
  const people: ChartPersonLink[] = [];
  const links = [...root.querySelectorAll('a.chart-person')].sort(
    (a, b) => Number(a.getAttribute('data-generation')) - Number(b.getAttribute('data-generation')),
  );
  for (const a of links) {
    const href = a.getAttribute('href') ?? '';
    if (!href.startsWith('/people/') || seen.has(href)) continue;
    seen.add(href);
    people.push({ href, label: (a.querySelector('title')?.textContent ?? '').replace(/ \(shown again\)$/, '') });
  }
  return {
    width: Number(root.getAttribute('width')) || 800,
    height: Number(root.getAttribute('height')) || 600,
    people,
  };
}

/**
 * The chart in a window that pans and zooms (drag, pinch, wheel; arrow keys, + and -, 0 to fit;
 * the buttons). Each person in it is a link to their page, opened within the app.
 */
export function ChartViewport({ svg, title }: { svg: string; title: string }) {
  const navigate = useNavigate();
  const size = useMemo(() => readChartSvg(svg), [svg]);
  const { viewport, view, fit, zoomIn, zoomOut, wasDrag, handlers } = usePanZoom(size);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as Element).closest('a');
    if (!link) return;
    e.preventDefault();
    // A click from the keyboard (Enter) has no press behind it (detail 0): never a drag.
    if (wasDrag() && e.detail > 0) return;
    const href = link.getAttribute('href');
    if (href?.startsWith('/people/')) navigate(href);
  };

  return (
    <div className="chart-view">
      <div className="chart-view__tools">
        <Button variant="secondary" size="sm" icon={<ZoomOut size={16} />} onClick={zoomOut} aria-label="Zoom out">
          <span aria-hidden="true">−</span>
        </Button>
        <output className="chart-view__zoom" aria-live="polite" aria-label="Zoom">
          {Math.round(view.scale * 100)}%
        </output>
        <Button variant="secondary" size="sm" icon={<ZoomIn size={16} />} onClick={zoomIn} aria-label="Zoom in">
          <span aria-hidden="true">+</span>
        </Button>
        <Button variant="secondary" size="sm" icon={<Maximize size={16} />} onClick={fit}>
          Fit
        </Button>
        <p className="chart-view__hint">Drag or use the arrow keys to move; + and − to zoom.</p>
      </div>
      <section
        ref={viewport}
        className="chart-view__window"
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        aria-label={`${title}: drag or use the arrow keys to move, + and − to zoom`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the window takes the arrow and zoom keys
        tabIndex={0}
        onClickCapture={onClick}
        {...handlers}
      >
        <div
          className="chart-view__drawing"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          // The service's SVG: every text in it is escaped there (render-svg.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: drawn by our own service, text escaped
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </section>
    </div>
  );
}
