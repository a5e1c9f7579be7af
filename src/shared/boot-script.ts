/**
 * The one inline script of a built page (written by the prerender plugin at the end of `<body>`).
 * It keeps every script request out of the way of the first paint: once the browser reports the
 * first paint (a `paint` performance entry), or at the latest a second after the first animation
 * frame (browsers without paint timing), it adds `<link rel="modulepreload">` for the chunks the
 * page needs (`data-preload`, space-separated) and then the module entry (`data-entry`). Its text
 * never changes between builds or pages, so its hash can sit in the Content-Security-Policy
 * (server/http/build-server.ts) next to `'self'`.
 */
export const BOOT_SCRIPT =
  '{const d=document.currentScript.dataset;let o,on;const go=()=>{if(on)return;on=1;o?.disconnect();for(const href of (d.preload||"").split(" ").filter(Boolean)){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const s=document.createElement("script");s.type="module";s.src=d.entry;document.head.append(s)};try{o=new PerformanceObserver(go);o.observe({type:"paint",buffered:true})}catch{}requestAnimationFrame(()=>setTimeout(go,1000))}';
