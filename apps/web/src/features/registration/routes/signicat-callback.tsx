import { SignicatCallbackPage } from '../components/signicat-callback-page';

export { SignicatCallbackPage as Component };
