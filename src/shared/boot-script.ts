/**
 * The one inline script of a built page (written by the prerender plugin at the end of `<body>`).
 * It keeps every script request out of the way of the first paint: from the first animation frame
 * it waits one task (the frame has painted by then), then adds `<link rel="modulepreload">` for
 * the chunks the page needs (`data-preload`, space-separated) and the module entry
 * (`data-entry`). Its text never changes between builds or pages, so its hash can sit in the
 * Content-Security-Policy (server/app.ts) next to `'self'`.
 */
export const BOOT_SCRIPT =
  '{const d=document.currentScript.dataset;requestAnimationFrame(()=>setTimeout(()=>{for(const href of (d.preload||"").split(" ").filter(Boolean)){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const s=document.createElement("script");s.type="module";s.src=d.entry;document.head.append(s)}))}';
