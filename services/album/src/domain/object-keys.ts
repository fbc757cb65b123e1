/** Where an album's PDF is stored: under its owner, one fixed key per album (a re-render overwrites it). */
export function albumPdfKey(ownerId: string, albumId: string): string {
  return `albums/${ownerId}/${albumId}.pdf`;
}
