export * from "./api";
export * from "./constants";
export * from "./enums";
export * from "./schemas/fields";
export * from "./schemas/user";
export * from "./schemas/accounts";
export * from "./schemas/search";
export * from "./schemas/chat";
