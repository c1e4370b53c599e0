/**
 * 사건부호: the letters between a case number's year and serial ("2009다228": 다), as data.
 *
 * Sources:
 *  - 대법원 재판예규 「사건별 부호문자의 부여에 관한 예규」(재일 2003-1), 별표 — the codes the
 *    courts give cases today (민사, 가사, 행정, 특허, 형사, 신청, 집행, 도산, 재심, 보호사건).
 *  - 「헌법재판소 사건의 접수에 관한 규칙」 — 헌가, 헌나, 헌다, 헌라, 헌마, 헌바, 헌사, 헌아.
 *  - Codes no longer given but found in the decisions lawyers still cite: 다카/누/구 (1980s civil
 *    and administrative appeals), 민상/형상/행상 … (단기 years, "4294민상1236"), and the rest
 *    observed in law.go.kr's decisions (아카, 사, 타).
 * The reader (case-citation.ts) accepts a case number only with one of these codes, so "2019년3월",
 * "20대 1명" and "3자녀" are never citations. A code missing here is a one-line fix in this list.
 */

export interface CaseTypeCode {
  code: string;
  /** What the code stands for, in the courts' words. */
  meaning: string;
  /** No longer given (a decision may still cite it). */
  historic?: true;
}

const current = (code: string, meaning: string): CaseTypeCode => ({ code, meaning });
const historic = (code: string, meaning: string): CaseTypeCode => ({ code, meaning, historic: true });

export const CASE_TYPE_CODES: readonly CaseTypeCode[] = [
  // 민사
  current("가합", "민사 제1심 합의사건"),
  current("가단", "민사 제1심 단독사건"),
  current("가소", "민사 소액사건"),
  current("가기", "민사 기타사건"),
  current("나", "민사 항소사건"),
  current("다", "민사 상고사건"),
  current("라", "민사 항고사건"),
  current("마", "민사 재항고사건"),
  current("그", "민사 특별항고사건"),
  current("바", "민사 준항고사건"),
  current("머", "민사 조정사건"),
  current("차", "독촉사건"),
  current("차전", "전자독촉사건"),
  current("카", "민사 신청사건"),
  current("카합", "민사 가압류·가처분 합의사건"),
  current("카단", "민사 가압류·가처분 단독사건"),
  current("카기", "민사 기타 신청사건"),
  current("카명", "재산명시 신청사건"),
  current("카담", "담보 관련 신청사건"),
  current("카조", "재산조회 신청사건"),
  current("카확", "소송비용액 확정 신청사건"),
  current("카구", "소송구조 신청사건"),
  current("카공", "공시최고사건"),
  current("카열", "열람 신청사건"),
  current("카불", "채무불이행자명부 등재 신청사건"),
  current("카소", "소송 관련 신청사건"),
  current("카경", "경매 관련 신청사건"),
  current("카허", "특허 관련 신청사건"),
  current("카정", "정정 신청사건"),
  current("카특", "특별 신청사건"),
  current("카임", "임차권등기명령 신청사건"),
  current("타경", "부동산 등 경매사건"),
  current("타채", "채권 등 집행사건"),
  current("타기", "집행 기타사건"),
  current("타배", "배당 관련 사건"),
  current("타인", "인도명령 등 사건"),
  // 재심·준재심
  ...["가합", "가단", "가소", "나", "다", "라", "마", "그", "드", "르", "므", "스", "누", "두", "구합", "노", "도"].map(
    (c) => current(`재${c}`, "재심사건"),
  ),
  current("재고합", "형사 재심 합의사건"),
  current("재고단", "형사 재심 단독사건"),
  // 가사
  current("드", "가사 제1심사건"),
  current("드합", "가사 제1심 합의사건"),
  current("드단", "가사 제1심 단독사건"),
  current("르", "가사 항소사건"),
  current("므", "가사 상고사건"),
  current("브", "가사 항고사건"),
  current("스", "가사 재항고사건"),
  current("으", "가사 특별항고사건"),
  current("느", "가사 비송사건"),
  current("느합", "가사 비송 합의사건"),
  current("느단", "가사 비송 단독사건"),
  current("너", "가사 조정사건"),
  current("즈", "가사 신청사건"),
  current("즈합", "가사 신청 합의사건"),
  current("즈단", "가사 신청 단독사건"),
  current("즈기", "가사 기타 신청사건"),
  // 행정
  current("구", "행정 제1심사건"),
  current("구합", "행정 제1심 합의사건"),
  current("구단", "행정 제1심 단독사건"),
  current("구소", "행정 소액사건"),
  current("누", "행정 항소사건"),
  current("두", "행정 상고사건"),
  current("루", "행정 항고사건"),
  current("무", "행정 재항고사건"),
  current("부", "행정 특별항고사건"),
  current("아", "행정 신청사건"),
  // 특허·선거·특수
  current("허", "특허법원 제1심사건"),
  current("후", "특허 상고사건"),
  current("흐", "특허 재항고사건"),
  current("수", "선거 상고사건"),
  current("수합", "선거 제1심 합의사건"),
  current("우", "선거 항고사건"),
  current("추", "대법원 특수소송사건"),
  // 형사
  current("고합", "형사 제1심 합의사건"),
  current("고단", "형사 제1심 단독사건"),
  current("고정", "형사 정식재판 청구사건"),
  current("고약", "약식사건"),
  current("고약전", "전자약식사건"),
  current("노", "형사 항소사건"),
  current("도", "형사 상고사건"),
  current("로", "형사 항고사건"),
  current("모", "형사 재항고사건"),
  current("오", "비상상고사건"),
  current("초", "형사 신청사건"),
  current("초기", "형사 기타 신청사건"),
  current("초적", "체포·구속적부심사 사건"),
  current("초보", "보석 사건"),
  current("코", "형사 보상사건"),
  ...["고", "노", "도", "로", "모", "오", "초"].map((c) => current(`감${c}`, "치료감호사건")),
  ...["고", "노", "도", "로", "모", "오", "초"].map((c) => current(`전${c}`, "전자장치 부착사건")),
  ...["고", "노", "도", "오"].map((c) => current(`치${c}`, "치료명령사건")),
  current("성초", "성폭력 관련 신청사건"),
  // 보호사건
  current("푸", "소년보호사건"),
  current("크", "소년보호 항고사건"),
  current("트", "소년보호 재항고사건"),
  current("버", "가정보호사건"),
  current("인", "인신보호사건"),
  current("인라", "인신보호 항고사건"),
  current("인마", "인신보호 재항고사건"),
  // 도산
  current("회합", "회생 합의사건"),
  current("회단", "회생 단독사건"),
  current("회기", "회생 기타사건"),
  current("회확", "회생채권 조사확정사건"),
  current("간회합", "간이회생 합의사건"),
  current("간회단", "간이회생 단독사건"),
  current("하합", "파산 합의사건"),
  current("하단", "파산 단독사건"),
  current("하면", "면책사건"),
  current("하기", "파산 기타사건"),
  current("하확", "파산채권 조사확정사건"),
  current("개회", "개인회생사건"),
  current("개기", "개인회생 기타사건"),
  current("개보", "개인회생 관련 사건"),
  current("국승", "국제도산 승인사건"),
  current("국지", "국제도산 지원사건"),
  // 비송·가족관계등록
  current("비합", "비송 합의사건"),
  current("비단", "비송 단독사건"),
  current("정명", "가족관계등록 관련 사건"),
  current("정드", "가족관계등록 관련 사건"),
  current("정브", "가족관계등록 관련 사건"),
  current("정스", "가족관계등록 관련 사건"),
  // 헌법재판소
  current("헌가", "위헌법률심판사건"),
  current("헌나", "탄핵심판사건"),
  current("헌다", "정당해산심판사건"),
  current("헌라", "권한쟁의심판사건"),
  current("헌마", "헌법소원심판사건(헌법재판소법 제68조 제1항)"),
  current("헌바", "헌법소원심판사건(헌법재판소법 제68조 제2항)"),
  current("헌사", "헌법재판소 신청사건"),
  current("헌아", "헌법재판소 재심사건"),
  // No longer given
  historic("다카", "민사 상고사건(1980년대)"),
  historic("아카", "민사 신청사건(1980년대)"),
  historic("사", "재심사건(옛 부호)"),
  historic("타", "집행사건(옛 부호)"),
  historic("민상", "민사 상고사건(단기 연호 시기)"),
  historic("민재항", "민사 재항고사건(단기 연호 시기)"),
  historic("민항", "민사 항고사건(단기 연호 시기)"),
  historic("민공상", "민사 상고사건(단기 연호 시기)"),
  historic("민재", "민사 재심사건(단기 연호 시기)"),
  historic("행상", "행정 상고사건(단기 연호 시기)"),
  historic("행항", "행정 항고사건(단기 연호 시기)"),
  historic("형상", "형사 상고사건(단기 연호 시기)"),
  historic("형항", "형사 항고사건(단기 연호 시기)"),
  historic("형재", "형사 재심사건(단기 연호 시기)"),
  historic("비상", "비상상고사건(단기 연호 시기)"),
];

const BY_CODE = new Map(CASE_TYPE_CODES.map((c) => [c.code, c]));

/** The code's entry, or undefined when the courts give no case such letters. */
export function caseTypeCode(code: string): CaseTypeCode | undefined {
  return BY_CODE.get(code);
}

/** Every code, longest first (a regular expression's alternation then prefers "가합" to "가"). */
export const CASE_CODES_LONGEST_FIRST: readonly string[] = [...BY_CODE.keys()].sort(
  (a, b) => b.length - a.length || a.localeCompare(b),
);
