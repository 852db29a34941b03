import { MediaListPage } from '../components/media-list-page';

function Route() {
  return <MediaListPage kind="video" />;
}

export { Route as Component };
