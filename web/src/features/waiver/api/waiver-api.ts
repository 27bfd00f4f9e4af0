export interface WaiverApi {
  acceptWaiver: (uid: string) => Promise<void>;
}
