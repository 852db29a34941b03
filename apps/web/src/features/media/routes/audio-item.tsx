import { MediaDetailPage } from '../components/media-detail-page';

function Route() {
  return <MediaDetailPage kind="audio" />;
}

export { Route as Component };
