import { useEffect, useState } from "react";
import { uploadAssets } from "#app/lib/upload-client.ts";
import { cardsApi } from "./api.ts";
import { button } from "./panel-styles.ts";
import { m } from "#shared/paraglide/messages.js";

/** The couple's photo library: upload (through the one upload client, with progress) and pick a photo to add to the card. */
type Asset = { public_id: string; url: string; fileName: string };

export function ImagesPanel({ onPick }: { onPick: (url: string) => void }) {
  const [assets, setAssets] = useState<Asset[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const load = () =>
    cardsApi.assets().then((res) => {
      if (res.ok) setAssets(res.body.assets ?? []);
      else {
        setAssets([]);
        setMessage(res.message);
      }
    });
  useEffect(() => {
    void load();
  }, []);
  const upload = async (files: File[]) => {
    if (!files.length) return;
    setUploading(0);
    setMessage(null);
    try {
      const result = await uploadAssets(files, { folder: "user_assets", tags: ["invitation"], onProgress: setUploading });
      const problems = result.failed.map((f) => `${f.name}: ${f.message}`);
      setMessage(problems.length ? problems.join(" ") : (result.message ?? m.couple_editor_uploaded({ count: result.assets.length })));
      await load();
    } finally {
      setUploading(null);
    }
  };
  return (
    <div className="space-y-3">
      <label className={`${button} inline-block cursor-pointer`}>
        {uploading !== null ? m.couple_editor_uploading({ percent: Math.round(uploading * 100) }) : m.couple_editor_upload()}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          disabled={uploading !== null}
          onChange={(e) => {
            void upload([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
      </label>
      {message && (
        <p className="text-sm text-stone-700" role="status">
          {message}
        </p>
      )}
      {assets === null ? (
        <p className="text-sm text-stone-500">{m.couple_editor_loading_photos()}</p>
      ) : assets.length === 0 ? (
        <p className="text-sm text-stone-500">{m.couple_editor_no_photos()}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label={m.couple_editor_your_photos()}>
          {assets.map((a) => (
            <li key={a.public_id}>
              <button
                type="button"
                onClick={() => onPick(a.url)}
                className="block aspect-square w-full overflow-hidden rounded-md border border-stone-200"
                aria-label={m.couple_editor_add_photo({ name: a.fileName })}
              >
                <img src={a.url} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
