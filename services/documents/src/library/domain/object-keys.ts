/**
 * Object keys of a document: everything under one prefix per document, named by ids only (never
 * by the name the user gave), so deleting a document is one deletePrefix.
 */
export const documentPrefix = (ownerId: string, documentId: string) => `documents/${ownerId}/${documentId}/`;
export const originalKey = (ownerId: string, documentId: string) => `${documentPrefix(ownerId, documentId)}original`;
export const pageImageKey = (ownerId: string, documentId: string, page: number) =>
  `${documentPrefix(ownerId, documentId)}pages/${page}.jpg`;
export const thumbnailKey = (ownerId: string, documentId: string) =>
  `${documentPrefix(ownerId, documentId)}thumbnail.jpg`;
