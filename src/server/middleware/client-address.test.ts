import proxyAddr from 'proxy-addr'
import { describe, expect, it } from 'vitest'
import { clientAddressOf } from './client-address'

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
