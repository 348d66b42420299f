/**
 * Invitations: the template gallery, buying a paid design, the couple's cards and the editor's
 * assets, and published e-invites with their public requests.
 *
 * The e-invite, one job a file: invite-publishing.ts (publish a card, take it down),
 * invitation-view.ts (the invitation as guests see it), invite-requests.ts (a guest asks to come),
 * request-decisions.ts (the couple approves or declines), invite-inputs.ts (what they may send);
 * invite-records.ts holds what they share.
 *
 * The couple's cards, one job a file: card-views.ts (one card, the list), card-writes.ts (create, save
 * with compare-and-set, duplicate, delete), card-details.ts (the couple's details on a card),
 * card-preview.ts (the rendered image), card-export.ts (PNG or PDF), card-inputs.ts; card-records.ts
 * holds what they share.
 *
 * This file is the area's only face: code outside functions/domain/invitations/ imports from here, never
 * from the files beside it (ESLint enforces it; docs/decisions/0039-domain-areas.md).
 */
export { draftFromTemplate } from "./card-details.ts";
export { EXPORT_MAX_BYTES, exportCard } from "./card-export.ts";
export { createCardInput, updateCardInput } from "./card-inputs.ts";
export { setCardPreview } from "./card-preview.ts";
export { CARD_MESSAGES, CARDS_MAX, type CardSummary, PREVIEW_MAX_BYTES, usableTemplate } from "./card-records.ts";
export { getCard, getCardWithDetails, listCards } from "./card-views.ts";
export { createCard, deleteCard, duplicateCard, StaleCard, updateCard } from "./card-writes.ts";
export {
  ASSETS_MAX,
  deleteAssetInput,
  deleteEditorAsset,
  type EditorAsset,
  listAssetsQuery,
  listEditorAssets,
  registerAssetsInput,
  registerEditorAssets,
} from "./editor-assets.ts";
export {
  type Invitation,
  invitationBySlug,
  type InvitationFunction,
  inviteDate,
  ownInvitation,
  personalInvitation,
  previewInvitation,
} from "./invitation-view.ts";
export { inviteRequestInput, publishInput } from "./invite-inputs.ts";
export { cardsToPublish, publishCard, unpublishCard } from "./invite-publishing.ts";
export { requestInvite } from "./invite-requests.ts";
export {
  type AdminTemplate,
  adminTemplates,
  createTemplate,
  deleteTemplate,
  galleryTags,
  getTemplate,
  listTemplates,
  recordTemplateView,
  setTemplateStatus,
  setTemplateThumbnail,
  TEMPLATE_MESSAGES,
  type TemplateList,
  type TemplateSummary,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_WIDTH,
  updateTemplate,
  type WatchedTemplate,
  watchHistory,
} from "./invite-templates.ts";
export { approveRequest, declineRequest, listRequests } from "./request-decisions.ts";
export { canUseTemplate } from "./template-access.ts";
export { createTemplateOrder, TEMPLATE_PURCHASE_MESSAGES, templateForPurchase, templateOrderOutcome, templatePaymentStatus } from "./template-purchases.ts";
