import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPorts, joinHostPort, parseAddresses, parsePorts, splitPort } from '../../../src/kubectl/cmd/port-forward/parse-ports.js';

test('parsePorts reads REMOTE, LOCAL:REMOTE, :REMOTE and 0:REMOTE as client-go does', () => {
  assert.deepEqual(parsePorts(['5000', '8888:5000', ':5000', '0:6000']), [
    { local: 5000, remote: 5000 },
    { local: 8888, remote: 5000 },
    { local: 0, remote: 5000 },
    { local: 0, remote: 6000 },
  ]);
});

test('parsePorts errors are worded as client-go words them', () => {
  assert.throws(() => parsePorts(['1:2:3']), { message: "invalid port format '1:2:3'" });
  assert.throws(() => parsePorts(['99999:80']), { message: `error parsing local port '99999': strconv.ParseUint: parsing "99999": value out of range` });
  assert.throws(() => parsePorts(['80:http']), { message: `error parsing remote port 'http': strconv.ParseUint: parsing "http": invalid syntax` });
  assert.throws(() => parsePorts(['8080:0']), { message: 'remote port must be > 0' });
});

test('splitPort: one part is both sides', () => {
  assert.deepEqual(splitPort('8080:http'), ['8080', 'http']);
  assert.deepEqual(splitPort('http'), ['http', 'http']);
});

test('parseAddresses: localhost is 127.0.0.1 and ::1 (all), IPs stand for themselves (any), sorted by text', () => {
  assert.deepEqual(parseAddresses(['localhost']), [
    { address: '127.0.0.1', protocol: 'tcp4', failureMode: 'all' },
    { address: '::1', protocol: 'tcp6', failureMode: 'all' },
  ]);
  assert.deepEqual(parseAddresses(['10.0.0.1', 'localhost', '10.0.0.1']).map((a) => `${a.address}/${a.failureMode}`), ['10.0.0.1/any', '127.0.0.1/all', '::1/all']);
  assert.equal(parseAddresses(['fe80::1'])[0]?.protocol, 'tcp6');
  assert.throws(() => parseAddresses(['example.com']), { message: 'example.com is not a valid IP' });
  assert.throws(() => parseAddresses(['256.1.1.1']), { message: '256.1.1.1 is not a valid IP' });
});

test('joinHostPort and the %v form of the port list', () => {
  assert.equal(joinHostPort('::1', 8080), '[::1]:8080');
  assert.equal(joinHostPort('127.0.0.1', 8080), '127.0.0.1:8080');
  assert.equal(formatPorts([{ local: 8080, remote: 8080 }, { local: 0, remote: 5000 }]), '[{8080 8080} {0 5000}]');
});
