import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// `base: './'` keeps every URL relative, so the built site works from any sub-path.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
})
