// kubectl drain's usage errors, as kubectl 1.33 prints them (test/golden/drain/usage-errors.json).
import { replayUsageGolden } from '../usage-golden.js';

replayUsageGolden('drain');
