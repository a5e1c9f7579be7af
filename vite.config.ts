import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  build: {
    target: "es2022",
    sourcemap: false,
  },
  server: {
    // `npm run dev` serves the app only; run `npm run serve` alongside for the API.
    proxy: {
      "/api": "http://127.0.0.1:4173",
      "/email": "http://127.0.0.1:4173",
    },
  },
  preview: {
    port: Number(process.env.PORT ?? 4173),
    strictPort: true,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/unit/setup.ts"],
          globals: true,
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["tests/shared/**/*.test.ts", "tests/server/**/*.test.ts"],
          globals: true,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
