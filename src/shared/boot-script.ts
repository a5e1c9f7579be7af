/**
 * The one inline script of a built page. After the first paint (only a browser without paint timing
 * waits a second after the first frame instead, so a slow paint never loses the race to a timer)
 * it preloads `data-preload` and adds the entry (`data-entry`, src/boot.ts).
 * Until React marks `<html data-react>`, it flips the theme switch itself. Its text
 * never changes, so its hash can sit in the Content-Security-Policy.
 */
export const BOOT_SCRIPT =
  '{const d=document.currentScript.dataset,h=document.documentElement;let o,on;const go=()=>{if(on)return;on=1;o?.disconnect();for(const href of (d.preload||"").split(" ").filter(Boolean)){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const s=document.createElement("script");s.type="module";s.src=d.entry;document.head.append(s)};try{if(!PerformanceObserver.supportedEntryTypes.includes("paint"))throw 0;o=new PerformanceObserver(go);o.observe({type:"paint",buffered:true})}catch{requestAnimationFrame(()=>setTimeout(go,1000))}document.addEventListener("click",e=>{const w=e.target.closest?.("[data-theme-switch]");if(!w||h.hasAttribute("data-react"))return;const k=w.getAttribute("aria-checked")!=="true";w.setAttribute("aria-checked",k);w.querySelector("[data-checked]")?.setAttribute("data-checked",k);h.dataset.theme=k?"dark":"light"})}';
