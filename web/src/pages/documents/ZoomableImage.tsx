import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Button } from '../../components/ui';
import { MAX_SCALE } from './zoom';
import { useZoomPan } from './useZoomPan';

/**
 * A scan in the viewer at a usable size on any screen: laid out at the stage's width, zoomed and
 * moved with a CSS transform (pinch, double tap, drag, ctrl + wheel, the buttons, or + / - / 0
 * and the arrow keys) rather than the browser's page zoom, which would also enlarge the viewer's own controls.
 */
export function ZoomableImage({
  src,
  alt,
  onError,
  overlay,
  focus,
}: {
  src: string;
  alt: string;
  onError: () => void;
  /** Laid over the image and moved with it (the page's text layer), given the image's width over its height. */
  overlay?: (aspect: number) => ReactNode;
  /** A region of the image (0–1 fractions) to zoom to and centre once shown (a search highlight). */
  focus?: { x: number; y: number; w: number; h: number } | null;
}) {
  const zoom = useZoomPan(src);
  const { scale, x, y } = zoom.view;
  const { ready, focusOn, natural } = zoom;
  const focusKey = focus ? `${focus.x} ${focus.y} ${focus.w} ${focus.h}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per region (and image), not on every render
  useEffect(() => {
    if (ready && focus) focusOn(focus);
  }, [ready, focusKey, src]);
  return (
    <>
      <fieldset className="zoom-tools">
        <legend className="visually-hidden">Zoom</legend>
        <Button
          variant="secondary"
          size="sm"
          icon={<ZoomOut size={16} />}
          onClick={zoom.zoomOut}
          aria-keyshortcuts="-"
          disabled={!zoom.ready}
        >
          Zoom out
        </Button>
        <span className="zoom-tools__level">{Math.round(scale * 100)}%</span>
        <Button
          variant="secondary"
          size="sm"
          icon={<ZoomIn size={16} />}
          onClick={zoom.zoomIn}
          aria-keyshortcuts="+"
          disabled={!zoom.ready || scale >= MAX_SCALE}
        >
          Zoom in
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<Maximize size={16} />}
          onClick={zoom.fit}
          aria-keyshortcuts="0"
          disabled={!zoom.ready}
        >
          Fit to width
        </Button>
      </fieldset>
      <section
        ref={zoom.stageRef}
        className="viewer__stage zoom-stage"
        aria-label="Document page. Drag to move, pinch or double-tap to zoom; plus, minus and 0 keys zoom"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage takes the arrow keys, which move the zoomed scan
        tabIndex={0}
        onKeyDown={zoom.onKeyDown}
        {...zoom.stageHandlers}
      >
        <img
          className="zoom-image"
          src={src}
          alt={alt}
          draggable={false}
          onLoad={(e) => zoom.onImageLoad(e.currentTarget)}
          onError={onError}
          style={{ transform: `translate(${x}px, ${y}px) scale(${scale})` }}
        />
        {overlay && natural && (
          <div
            className="zoom-overlay"
            style={{
              aspectRatio: `${natural.width} / ${natural.height}`,
              transform: `translate(${x}px, ${y}px) scale(${scale})`,
            }}
          >
            {overlay(natural.width / natural.height)}
          </div>
        )}
      </section>
    </>
  );
}
