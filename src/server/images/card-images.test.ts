import { describe, expect, it } from 'vitest'
import type { CardDrawing } from './card-node'
import { createCardImages } from './card-images'

const drawingOf = (label: string): CardDrawing => ({
  tree: { type: 'div', props: { children: label } },
  width: 10,
  height: 10,
})
const labelOf = (drawing: CardDrawing) => drawing.tree.props.children as string

function countingImages(maxEntries: number) {
  const drawn: { label: string; address: string }[] = []
  const images = createCardImages({
    maxEntries,
    drawer: {
      draw: async (drawing, { address }) => {
        drawn.push({ label: labelOf(drawing), address })
        return Buffer.from(labelOf(drawing))
      },
      close: async () => {},
    },
  })
  const get = (key: string, address = '198.51.100.1') =>
    images.get(key, async () => drawingOf(key), { address })
  return { images, drawn, get }
}

describe('the kept cards', () => {
  it('draws a key once, however many ask at the same time; the first asker is counted', async () => {
    const { images, drawn, get } = countingImages(10)
    const found = await Promise.all([get('a', '198.51.100.1'), get('a', '198.51.100.2')])
    expect(drawn).toEqual([{ label: 'a', address: '198.51.100.1' }])
    expect(images.draws).toBe(1)
    expect(found[0]!.png.toString()).toBe('a')
    expect(new Set(found.map((image) => image.etag)).size).toBe(1)
    expect((await get('b')).etag).not.toBe(found[0]!.etag)
  })

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { images, drawn, get } = countingImages(2)
    await get('a')
    await get('b')
    await get('a') // a is now the most recent
    await get('c') // evicts b
    expect(images.size).toBe(2)
    await get('a')
    await get('b')
    expect(drawn.map(({ label }) => label)).toEqual(['a', 'b', 'c', 'b'])
  })

  it('keeps no failed drawing (a refusal of the pool included)', async () => {
    let fail = true
    const images = createCardImages({
      drawer: {
        draw: async () => {
          if (fail) throw new Error('queue full')
          return Buffer.from('png')
        },
        close: async () => {},
      },
    })
    const load = async () => drawingOf('k')
    await expect(images.get('k', load, { address: '198.51.100.1' })).rejects.toThrow('queue full')
    fail = false
    expect((await images.get('k', load, { address: '198.51.100.1' })).png.toString()).toBe('png')
    expect(images.draws).toBe(2)
  })
})
