import { Writable } from "node:stream";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { AppRoutes } from "../app/app-routes";

/**
 * Renders one URL to HTML at build time. `prerenderToNodeStream` waits for every lazy route
 * and Suspense boundary, so the output is the finished page. The tree matches `main.tsx`'s.
 */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    // Never split a large boundary into a later chunk: that needs an inline <script> to put it in
    // place, which the Content-Security-Policy forbids. A static page is written in one piece.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on("finish", resolve)
      .on("error", reject);
  });
  return Buffer.concat(chunks).toString("utf8");
}
