import { Placeholder } from '../Placeholder';

export function GalleryPage() {
  return <Placeholder title="Photo Gallery" />;
}
