export { sendTelegram, type TelegramRequest } from "./send-telegram";
export { escapeTelegramHtml, type TelegramContent, telegramText } from "./telegram-text";
