/** Legend text in the body colour (the swatch carries the series colour), for contrast. */
export const legendText = (value: unknown) => <span style={{ color: '#1c1c1e' }}>{String(value)}</span>
