// A card to draw as a PNG (docs/decisions/104): a plain element tree in satori's shape (what
// React.createElement would make; no JSX on the server) and its size. Plain data, so it crosses
// to the drawing workers as it is.

export interface CardNode {
  type: string
  props: {
    style?: Record<string, string | number>
    children?: CardNode | CardNode[] | string
    /** An element's other attributes, e.g. an img's src (a data: URL; satori fetches nothing). */
    [attribute: string]: unknown
  }
}

export interface CardDrawing {
  tree: CardNode
  width: number
  height: number
}
