/** The old module name, kept while app/root.tsx imports FavoritesSync from here: use WishlistButton.tsx. */
export { WishlistButton as FavoriteButton, WishlistSync as FavoritesSync } from "./WishlistButton.tsx";
