/**
 * The one inline script of a built page. After the first paint (only a browser without paint timing
 * waits a second after the first frame instead, so a slow paint never loses the race to a timer)
 * it preloads `data-preload` and adds the entry (`data-entry`, src/boot.ts).
 * Until React marks `<html data-react>`, it flips the theme switch itself, and sets
 * `<html data-theme>` (from the switch) a frame later, so that the switch's turn is painted before
 * the page's restyle (docs/decisions.md); a hidden page, which draws no frame, gets it at once.
 * While dark is chosen it holds a plain click on another page of the site (a page load would come
 * up light): the link is kept as the script element's `held`, with a `held` event, for src/boot.ts
 * to route once React runs. Its text never changes, so its hash can sit in the
 * Content-Security-Policy.
 */
export const BOOT_SCRIPT =
  '{const s=document.currentScript,d=s.dataset,h=document.documentElement,l=location;let o,on,dark;const go=()=>{if(on)return;on=1;o?.disconnect();for(const href of (d.preload||"").split(" ").filter(Boolean)){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const s=document.createElement("script");s.type="module";s.src=d.entry;document.head.append(s)};try{if(!PerformanceObserver.supportedEntryTypes.includes("paint"))throw 0;o=new PerformanceObserver(go);o.observe({type:"paint",buffered:true})}catch{requestAnimationFrame(()=>setTimeout(go,1000))}document.addEventListener("click",e=>{const w=e.target.closest?.("[data-theme-switch]");if(!w||h.hasAttribute("data-react"))return;const k=w.getAttribute("aria-checked")!=="true";w.setAttribute("aria-checked",k);w.querySelector("[data-checked]")?.setAttribute("data-checked",k);dark=k;const t=()=>h.dataset.theme=w.getAttribute("aria-checked")==="true"?"dark":"light";document.hidden?setTimeout(t):requestAnimationFrame(()=>setTimeout(t))});document.addEventListener("click",e=>{const a=e.target.closest?.("a[href]");if(!a||h.hasAttribute("data-react")||!dark||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||a.target||a.hasAttribute("download")||a.origin!==l.origin||a.pathname===l.pathname&&a.search===l.search)return;e.preventDefault();s.held=a;s.dispatchEvent(new Event("held"));go()})}';
