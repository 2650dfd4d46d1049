import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../server/lib/ssrf';

/** The SSRF guard's verdict on literal addresses, IPv6 forms that carry an IPv4 address included. */
describe('isPublicAddress', () => {
  it.each([
    // IPv4
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['93.184.216.34', true],
    // Plain IPv6
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['2606:4700::1111', true],
    // IPv4-compatible (::a.b.c.d)
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::a9fe:a9fe', false],
    ['::5db8:d822', true],
    // IPv4-mapped and IPv4-translated
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:0:7f00:1', false],
    ['::ffff:93.184.216.34', true],
    // NAT64, well-known and local-use prefixes
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::5db8:d822', true],
    ['64:ff9b:1::5db8:d822', false],
    ['64:ff9b:1::a00:1', false],
    // 6to4: 2002:AABB:CCDD::
    ['2002:7f00:1::', false],
    ['2002:a9fe:a9fe::1', false],
    ['2002:5db8:d822::1', true],
    // Teredo: server 65.54.227.120, client = last 32 bits inverted
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false], // client 127.0.0.1
    ['2001:0:4136:e378:8000:63bf:f5fe:fffe', false], // client 10.1.0.1
    ['2001:0:4136:e378:8000:63bf:a247:27dd', true], // client 93.184.216.34
    ['2001:0:7f00:1:8000:63bf:a247:27dd', false], // server 127.0.0.1
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
