/**
 * Names the first-tap runtime's hashed address for the list island's directive (see
 * waiting-island.ts). A page script: it runs once the document is parsed, which on a list page
 * (one round trip) is at once.
 */
import runtimeUrl from './first-tap-runtime.inline.ts?chunk-url';
import { RUNTIME_ADDRESS_ATTRIBUTE, RUNTIME_ADDRESS_EVENT } from './waiting-island.ts';

document.documentElement.setAttribute(RUNTIME_ADDRESS_ATTRIBUTE, runtimeUrl);
dispatchEvent(new Event(RUNTIME_ADDRESS_EVENT));
