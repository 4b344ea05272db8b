import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchesDNS1123 } from '../../../src/apiserver/validation/name-formats.js';

// The regexes the scan stands for (apimachinery's dns1123LabelFmt and dns1123SubdomainFmt).
const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function check(s: string): void {
  assert.equal(matchesDNS1123(s, false), LABEL.test(s), `label ${JSON.stringify(s)}`);
  assert.equal(matchesDNS1123(s, true), SUBDOMAIN.test(s), `subdomain ${JSON.stringify(s)}`);
}

test('the DNS-1123 scan answers as the regexes on the edge cases', () => {
  for (const s of ['', 'a', '-', '.', 'a-', '-a', 'a.', '.a', 'a..b', 'a.-b', 'a-.b', 'a--b', 'a.b', 'web-0.18e2297928d97463', 'A', 'a_b', 'é', 'a\n', '0.0']) check(s);
});

test('the DNS-1123 scan answers as the regexes on every string of up to 4 chars over a-.0A_', () => {
  const alphabet = ['a', '-', '.', '0', 'A', '_', 'z', '9'];
  const all = (n: number): string[] => (n === 0 ? [''] : all(n - 1).flatMap((s) => alphabet.map((c) => s + c)));
  for (let n = 0; n <= 4; n++) for (const s of all(n)) check(s);
});
