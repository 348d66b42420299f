import { useEffect, useRef, useState } from "react";

/** The blog's placeholder cover (spec section 8: swapped in when a cover fails to load, and shown when a post has none). */
export const BLOG_PLACEHOLDER = "/images/placeholder-blog.svg";

/** A post's cover image at 1200x630 proportions; the placeholder replaces it if it fails to load. */
export function BlogCover({
  src,
  alt = "",
  eager = false,
  className = "",
  sizes,
}: {
  src: string | null;
  alt?: string;
  eager?: boolean;
  className?: string;
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const url = !src || failed ? BLOG_PLACEHOLDER : src;
  // An image that failed before the page's script ran fired its error event too early for onError.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && !img.src.endsWith(BLOG_PLACEHOLDER)) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={url}
      alt={alt}
      width={1200}
      height={630}
      sizes={sizes}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      data-testid="blog-cover"
      data-placeholder={url === BLOG_PLACEHOLDER ? "true" : undefined}
      onError={(e) => {
        if (e.currentTarget.src.endsWith(BLOG_PLACEHOLDER)) return;
        setFailed(true);
      }}
      className={`aspect-[40/21] w-full bg-marigold-50 object-cover ${className}`}
    />
  );
}
