export * from "./admin";
export * from "./chat";
export * from "./communities";
export * from "./content";
export * from "./jobs";
export * from "./payments";
export * from "./posts";
export * from "./users";
