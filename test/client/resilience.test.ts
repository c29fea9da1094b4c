// The client's resilience through undici, as it runs on Node (the suite is in resilience.ts).
import { resilienceSuite } from './resilience.ts';

resilienceSuite('undici');
