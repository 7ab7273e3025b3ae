/** A legend entry drawn under the chart in the PNG (the page's legend is HTML, outside the SVG). */
export interface LegendEntry {
  label: string
  color: string
}

const FONT = 'system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif'

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'))
    image.src = url
  })
}

/**
 * The chart's SVG as a PNG, with its title above and its legend below:
 * serialised, drawn on a canvas at twice the size, then encoded.
 */
export async function chartPng(container: HTMLElement, title: string, legend: readonly LegendEntry[]): Promise<Blob> {
  const svg = container.querySelector('.recharts-wrapper > svg.recharts-surface')
  if (!(svg instanceof SVGSVGElement)) throw new Error('No chart to export.')
  const { width, height } = svg.getBoundingClientRect()
  const clone = svg.cloneNode(true) as SVGSVGElement
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  clone.setAttribute('width', String(width))
  clone.setAttribute('height', String(height))
  clone.style.fontFamily = FONT
  clone.style.fontSize = '12px'
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`
  const image = await loadImage(url)

  const scale = 2
  const pad = 16
  const titleHeight = 32
  const legendRow = 22
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No canvas to draw on.')
  // Lay the legend out in rows that fit the width.
  context.font = `13px ${FONT}`
  const rows: { entry: LegendEntry; x: number }[][] = [[]]
  let x = pad
  for (const entry of legend) {
    const w = 18 + context.measureText(entry.label).width + 18
    if (x + w > width + pad && x > pad) {
      rows.push([])
      x = pad
    }
    rows[rows.length - 1]?.push({ entry, x })
    x += w
  }
  const legendHeight = legend.length > 0 ? rows.length * legendRow + 8 : 0
  canvas.width = (width + 2 * pad) * scale
  canvas.height = (titleHeight + height + legendHeight + pad) * scale
  context.scale(scale, scale)
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, width + 2 * pad, titleHeight + height + legendHeight + pad)
  context.fillStyle = '#1a1a1a'
  context.font = `600 16px ${FONT}`
  context.textBaseline = 'middle'
  context.fillText(title, pad, titleHeight / 2 + 4)
  context.drawImage(image, pad, titleHeight, width, height)
  context.font = `13px ${FONT}`
  rows.forEach((row, r) => {
    const y = titleHeight + height + 8 + r * legendRow + legendRow / 2
    for (const { entry, x: left } of row) {
      context.fillStyle = entry.color
      context.fillRect(left, y - 6, 12, 12)
      context.fillStyle = '#1a1a1a'
      context.fillText(entry.label, left + 18, y)
    }
  })
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be encoded.'))), 'image/png'))
}
