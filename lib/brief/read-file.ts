export async function readBriefFile(_name: string, _bytes: Uint8Array): Promise<{ kind: string; text: string }> {
  throw new Error("placeholder: replaced by the file readers");
}
