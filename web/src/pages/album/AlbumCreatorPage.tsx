import { Placeholder } from '../Placeholder';

export function AlbumCreatorPage() {
  return <Placeholder title="Album Creator" />;
}
