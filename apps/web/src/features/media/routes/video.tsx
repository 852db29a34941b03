import { MediaDetailPage } from '../components/media-detail-page';

function Route() {
  return <MediaDetailPage kind="video" />;
}

export { Route as Component };
