export { sendTelegram, type TelegramRequest } from "./send-telegram";
