import { type RefObject, useEffect, useState } from "react";

/**
 * True once the element is within `margem` of the viewport (then for good): for heavy parts below the fold, such as
 * the dashboard's charts on a phone, whose code and rendering would otherwise compete with the first screen
 * (decision 1504). Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useInView(ref: RefObject<Element | null>, margem = "300px"): boolean {
  const [visivel, setVisivel] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const el = ref.current;
    if (visivel || !el) return;
    const obs = new IntersectionObserver(
      (entradas) => {
        if (entradas.some((e) => e.isIntersecting)) {
          setVisivel(true);
          obs.disconnect();
        }
      },
      { rootMargin: margem },
    );
    obs.observe(el);
    return () => obs.disconnect();
  }, [ref, margem, visivel]);
  return visivel;
}
