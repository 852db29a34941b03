import { MediaListPage } from '../components/media-list-page';

function Route() {
  return <MediaListPage kind="audio" />;
}

export { Route as Component };
