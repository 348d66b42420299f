export * from "./identity.ts";
export * from "./marketplace.ts";
export * from "./billing.ts";
export * from "./planning.ts";
export * from "./content.ts";
export * from "./payment-gateway.ts";
export * from "./admin.ts";
export * from "./weddings.ts";
