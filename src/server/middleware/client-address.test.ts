import proxyAddr from 'proxy-addr'
import { describe, expect, it } from 'vitest'
import { addressKeyOf, clientAddressOf } from './client-address'

describe('clientAddressOf', () => {
  const trustLoopback = proxyAddr.compile(['loopback'])
  const trustTwoHops = proxyAddr.compile(['127.0.0.1', '10.0.0.0/8'])

  it('is the TCP peer when no proxy is trusted, whatever the peer forwards', () => {
    expect(clientAddressOf('127.0.0.1', '203.0.113.5', null)).toBe('127.0.0.1')
    expect(clientAddressOf('198.51.100.7', undefined, trustLoopback)).toBe('198.51.100.7')
  })

  it("is the address a trusted proxy appended: the right-most entry that is not a proxy's", () => {
    expect(clientAddressOf('127.0.0.1', '203.0.113.5', trustLoopback)).toBe('203.0.113.5')
    // The client wrote the first entry itself; only what the proxy appended counts.
    expect(clientAddressOf('127.0.0.1', '127.0.0.1, 203.0.113.5', trustLoopback)).toBe(
      '203.0.113.5',
    )
    expect(clientAddressOf('127.0.0.1', '198.51.100.1, 203.0.113.5, 10.1.2.3', trustTwoHops)).toBe(
      '203.0.113.5',
    )
  })

  it('ignores forwarding from a peer that is not a trusted proxy', () => {
    expect(clientAddressOf('203.0.113.20', '127.0.0.1', trustLoopback)).toBe('203.0.113.20')
  })
})

describe('addressKeyOf', () => {
  it('counts an IPv4 client by its address, written plainly or IPv4-mapped', () => {
    expect(addressKeyOf('203.0.113.5')).toBe('203.0.113.5')
    expect(addressKeyOf('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(addressKeyOf('::FFFF:203.0.113.5')).toBe('203.0.113.5')
    expect(addressKeyOf('203.0.113.6')).not.toBe(addressKeyOf('203.0.113.5'))
  })

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = addressKeyOf('2001:db8:aa:bb::1')
    expect(key).toBe('2001:db8:aa:bb::/64')
    for (const other of [
      '2001:db8:aa:bb:ffff:ffff:ffff:ffff',
      '2001:0DB8:00aa:00bb:1:2:3:4',
      '2001:db8:aa:bb:0:0:0:7%eth0',
      '2001:db8:aa:bb::102:304',
      '2001:db8:aa:bb::1.2.3.4',
    ]) {
      expect(addressKeyOf(other), other).toBe(key)
    }
    expect(addressKeyOf('2001:db8:aa:bc::1')).not.toBe(key)
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64')
    expect(addressKeyOf('fe80::1')).toBe('fe80:0:0:0::/64')
  })

  it('keeps anything that is not an address as it is', () => {
    expect(addressKeyOf('unknown')).toBe('unknown')
  })
})
