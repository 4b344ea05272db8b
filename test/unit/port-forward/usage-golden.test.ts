// kubectl port-forward's usage errors, as kubectl 1.33 prints them (test/golden/port-forward/usage-errors.json).
import { replayUsageGolden } from '../usage-golden.js';

replayUsageGolden('port-forward');
