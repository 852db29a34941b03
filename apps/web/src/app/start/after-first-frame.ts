// Start-up step 0: nothing of the start-up chunk has run yet; the browser paints the page's HTML
// first (the cookie notice written into it), then the rest of the chunk runs (main.tsx).
import { afterFirstFrame } from './next-task';

await afterFirstFrame();
